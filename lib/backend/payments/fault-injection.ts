import 'server-only';

/**
 * A test-only crash point (lib/docs/decisions/payments.md "How it is tested"). The payment flow
 * promises that a process dying between the gateway's charge and our confirmation loses no
 * money; the only honest test of that is a process that really dies there. When FAULT_INJECT
 * names this point, the process ends itself with SIGKILL: no handler, no flush, no commit, as
 * a power cut or an OOM kill would. Read here only; never set outside tests.
 */
export type FaultPoint = 'after-charge';

export function faultPoint(point: FaultPoint): void {
  if (process.env.FAULT_INJECT === point) process.kill(process.pid, 'SIGKILL');
}
