import 'server-only';
import { translate } from '../../i18n/translate';
import { v4Handler } from '../api/v4-handler';
import { deleteCard, listCards, saveCard, setDefaultCard } from './cards-service';

/** Thin /v4 handlers of the saved-cards resource (STYLE.md habit 1). */
export const cardHandlers = {
  // GET /v4/cards - the patient's saved cards, default first
  listCards: v4Handler('listCards', ({ auth }) => listCards(auth)),
  // POST /v4/cards - save a card tokenised in the browser
  saveCard: v4Handler('saveCard', ({ auth, body }) => saveCard(auth, body)),
  // PUT /v4/cards/{id}/default - make a saved card the default; answers the list
  setDefaultCard: v4Handler('setDefaultCard', ({ auth, params }) => setDefaultCard(auth, params.id!)),
  // DELETE /v4/cards/{id} - delete a saved card, at the gateway too
  deleteCard: v4Handler('deleteCard', async ({ auth, params, locale }) => {
    await deleteCard(auth, params.id!);
    return { message: translate(locale, 'api.cardDeleted') };
  }),
};
