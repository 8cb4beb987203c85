export * from './model.js';
export { scanRepository, type ScanOptions } from './scan.js';
