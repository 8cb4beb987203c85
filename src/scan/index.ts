export * from './model.ts';
export { scanRepository, scanSource, type ScanOptions } from './scan.ts';
