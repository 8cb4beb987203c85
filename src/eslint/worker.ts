/** The worker thread the plugin's rules call synchronously (synckit): the async engine runs here. */
import { runAsWorker } from 'synckit';
import { lintFile } from './engine.ts';

runAsWorker(lintFile);
