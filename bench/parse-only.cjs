// A jscodeshift transform that parses every file and changes nothing: the floor for any
// jscodeshift-based codemod. (A transform that never calls j(file.source) would measure nothing.)
module.exports = function parseOnly(file, api) {
  api.jscodeshift(file.source);
  return undefined;
};
module.exports.parser = 'ts';
