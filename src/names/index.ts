export * from './wire-name.js';
export * from './normalise.js';
export * from './request.js';
export * from './versions.js';
export * from './explain.js';
