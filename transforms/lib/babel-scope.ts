/**
 * Run as `jscodeshift -t transforms/<rule>.ts`, jscodeshift's @babel/register compiles every file
 * that is required, node_modules included, and fails on ts-morph. Importing this module first
 * narrows the hook to this repository's own sources. Under Node's ESM loader it does nothing.
 */
declare const require: ((id: string) => any) & { extensions?: Record<string, unknown> }; // eslint-disable-line @typescript-eslint/no-explicit-any

if (typeof require === 'function' && require.extensions?.['.ts']) {
  require('@babel/register')({
    configFile: false,
    babelrc: false,
    presets: [require('@babel/preset-typescript').default],
    plugins: [require('@babel/plugin-transform-modules-commonjs').default],
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    ignore: [/[\\/]node_modules[\\/]/],
  });
}

export {};
