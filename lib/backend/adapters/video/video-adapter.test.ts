import { describe, expect, it } from 'vitest';
import { roomLinksForTesting } from './video-adapter';

describe('video room links', () => {
  it('gives an appointment the same unguessable room every time, under the configured base', () => {
    const rooms = roomLinksForTesting('https://video.example.org/rooms', 'a'.repeat(32));
    const first = rooms.roomUrl('3f0c2f9e-1111-4a4a-9b9b-000000000001');
    expect(first).toMatch(/^https:\/\/video\.example\.org\/rooms\/DentalBooking-[\w-]{22}$/);
    expect(rooms.roomUrl('3f0c2f9e-1111-4a4a-9b9b-000000000001')).toBe(first);
    expect(rooms.roomUrl('3f0c2f9e-1111-4a4a-9b9b-000000000002')).not.toBe(first);
    expect(first).not.toContain('000000000001');
    // Another secret (another deployment) gives other rooms for the same appointment.
    expect(
      roomLinksForTesting('https://video.example.org/rooms', 'b'.repeat(32)).roomUrl(
        '3f0c2f9e-1111-4a4a-9b9b-000000000001',
      ),
    ).not.toBe(first);
  });
});
