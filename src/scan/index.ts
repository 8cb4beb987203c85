export * from './model.ts';
export { scanRepository, type ScanOptions } from './scan.ts';
