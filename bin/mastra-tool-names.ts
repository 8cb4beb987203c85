#!/usr/bin/env node
/**
 * Entry point. On Node 22 and later, compiled code is cached on disk (Node's own cache, in the OS
 * temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off), which makes every later start
 * faster. It must be enabled before the CLI's modules load, hence this file and a dynamic import.
 */
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./cli.ts');
