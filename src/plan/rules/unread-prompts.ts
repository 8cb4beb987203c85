/**
 * Instructions the code reads at run time that the scan could not read (a path or registry key
 * known only at run time, a file that is not there or not UTF-8 text): said once per place, so a
 * clean report is never taken to mean that text was checked.
 */
import { agentLabel } from '../../offers/agent-label.ts';
import type { Finding } from '../model.ts';
import type { ScanResult } from '../../scan/model.ts';

export function unreadPrompts(scan: ScanResult): Finding[] {
  return scan.agents.flatMap((agent) =>
    (agent.unreadPrompts ?? []).map((u) => ({
      kind: 'unread-prompt' as const,
      rule: 'prompts' as const,
      message: `the instructions of ${agentLabel(agent)} include ${u.reason}; tool names in that text are not checked`,
      locations: [u.location],
      agents: [agentLabel(agent)],
    })),
  );
}
