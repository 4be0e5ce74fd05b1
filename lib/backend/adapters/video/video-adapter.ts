import 'server-only';
import crypto from 'node:crypto';
import { serverEnv } from '../../../config/server-env';

/**
 * Teledental visits happen in a video room (lib/docs/architecture.md "Real parts and their embedded defaults"). One interface: the
 * room link of an appointment. The default builds it from VIDEO_BASE_URL (a Jitsi Meet server,
 * public by default, which needs no account); another service that takes room names in its URL
 * is a configuration change, one with its own API a new implementation here.
 */
export interface VideoRooms {
  readonly kind: 'room-link';
  /** The room of one appointment: the same link every time, impossible to guess from the id. */
  roomUrl(appointmentId: string): string;
}

function roomLinks(baseUrl: string, secret: string): VideoRooms {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    kind: 'room-link',
    roomUrl(appointmentId) {
      // Keyed with the session secret: knowing an appointment id does not give its room.
      const tag = crypto
        .createHmac('sha256', secret)
        .update(`video-room:${appointmentId}`)
        .digest('base64url')
        .slice(0, 22);
      return `${base}DentalBooking-${tag}`;
    },
  };
}

export function videoRooms(): VideoRooms {
  const env = serverEnv();
  return roomLinks(env.VIDEO_BASE_URL, env.SESSION_SECRET ?? 'development-only-secret');
}

export { roomLinks as roomLinksForTesting };
