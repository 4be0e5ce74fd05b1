import 'server-only';
import { cookies } from 'next/headers';
import { getIronSession, type IronSession } from 'iron-session';
import { isSessionActive, sessionOptions, type SessionData } from './session-config';
import { sessionSecret } from './secret';

export async function getSession(): Promise<IronSession<SessionData>> {
  return getIronSession<SessionData>(await cookies(), sessionOptions(sessionSecret()));
}

/** The token of a live session, or undefined. Pages and BFF handlers check this themselves (STYLE.md habit 5). */
export async function currentToken(): Promise<string | undefined> {
  const session = await getSession();
  return isSessionActive(session) ? session.token : undefined;
}
