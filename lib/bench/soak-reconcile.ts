/**
 * The payment reconciliation job (lib/backend/payments/payment-reconciliation.ts), run once by
 * `npm run bench -- --soak` after its load has ended, over every attempt still unfinished. The
 * job's grace period is there for requests that may still be charging; the soak has no request
 * left in flight, so the cut-off is moved past it. Started with the server's module conditions
 * (tsx --conditions=react-server) and DATABASE_URL; prints the outcomes as its last line.
 */
import { RECONCILE_GRACE_MS, reconcilePayments } from '../backend/payments/payment-reconciliation';

async function main() {
  const total = { completed: 0, voided: 0, failed: 0, retry: 0 };
  // One run takes a batch; a soak may leave more than one batch.
  for (let run = 0; run < 20; run++) {
    const counts = await reconcilePayments(new Date(Date.now() + RECONCILE_GRACE_MS + 60_000));
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += counts[key];
    if (counts.completed + counts.voided + counts.failed === 0) break;
  }
  console.log(
    `completed ${total.completed}, voided ${total.voided}, failed ${total.failed}, left for a later run ${total.retry}`,
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
