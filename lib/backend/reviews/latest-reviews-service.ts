import 'server-only';
import { REVIEWS_ON_DETAIL } from '../../contracts/discovery';
import { review } from '../search/discovery-dto';
import { findReviews } from './reviews-repository';
import type { Review } from '../../contracts/reviews';

/*
 * The reviews a provider's or a clinic's page shows. Apart from reviews-service.ts, which asks
 * providers-service and clinics-service whether the one reviewed exists: their pages importing
 * it back would close an import cycle.
 */

/** The latest REVIEWS_ON_DETAIL reviews of a provider or at an office, newest first. */
export async function latestReviews(by: { providerId: number } | { officeId: number }): Promise<Review[]> {
  return (await findReviews(by, REVIEWS_ON_DETAIL, 0)).rows.map(review);
}
