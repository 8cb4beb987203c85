export {
  Offers,
  callTimeEntries,
  type AgentOffers,
  type Certainty,
  type OfferedName,
  unreadWorkspace,
} from './offers.ts';
export { decidedMode, possibleModes, runDescription, RUN_MODES, type RunMode } from './modes.ts';
