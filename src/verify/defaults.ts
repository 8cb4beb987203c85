/** How long `verify` lets the app load and answer before it is stopped. */
export const DEFAULT_TIMEOUT_MS = 60_000;
