export * from './wire-name.ts';
export * from './normalise.ts';
export * from './request.ts';
export * from './versions.ts';
export * from './explain.ts';
export * from './network.ts';
