import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, parseServerEnv } from './server-env';
import { SOCIAL_NETWORKS, noteShellLinksOfBuild, shellLinks, shellLinksChangedSinceBuild } from './shell-links';

describe('shellLinks', () => {
  it('keeps the current links and contacts when nothing is configured', () => {
    const links = shellLinks(parseServerEnv({}));
    expect(links.appStoreUrl).toBe('https://apps.apple.com/');
    expect(links.googlePlayUrl).toBe('https://play.google.com/store');
    expect(Object.keys(links.social)).toEqual([...SOCIAL_NETWORKS]);
    expect(links.social.facebook).toBe('https://www.facebook.com/');
    expect(links.support).toEqual({
      email: 'support@dental-booking.example',
      phone: '+1 (800) 555-0199',
      phoneHref: 'tel:+18005550199',
    });
  });

  it('takes every configured value', () => {
    const links = shellLinks(
      parseServerEnv({
        APP_STORE_URL: 'https://apps.apple.com/us/app/dental-booking/id123',
        GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=com.example.dental',
        SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/dentalbooking',
        SOCIAL_PINTEREST_URL: 'https://www.pinterest.com/dentalbooking',
        SUPPORT_EMAIL: 'help@example.com',
        SUPPORT_PHONE: '+1-512-555-0142',
        CONTACT_URL: 'https://help.example.com/contact',
      }),
    );
    expect(links).toMatchObject({
      appStoreUrl: 'https://apps.apple.com/us/app/dental-booking/id123',
      googlePlayUrl: 'https://play.google.com/store/apps/details?id=com.example.dental',
      social: {
        facebook: 'https://www.facebook.com/dentalbooking',
        pinterest: 'https://www.pinterest.com/dentalbooking',
        x: 'https://x.com/',
      },
      support: {
        email: 'help@example.com',
        phone: '+1 (512) 555-0142',
        phoneHref: 'tel:+15125550142',
        contactUrl: 'https://help.example.com/contact',
      },
    });
  });

  it('writes numbers outside North America internationally', () => {
    const { support } = shellLinks(parseServerEnv({ SUPPORT_PHONE: '+34 912 345 678' }));
    expect(support).toMatchObject({ phone: '+34 912 34 56 78', phoneHref: 'tel:+34912345678' });
  });

  it('accepts a mailto: contact action', () => {
    expect(shellLinks(parseServerEnv({ CONTACT_URL: 'mailto:care@example.com' })).support.contactUrl).toBe(
      'mailto:care@example.com',
    );
  });

  it.each([
    ['APP_STORE_URL', 'apps.apple.com', 'APP_STORE_URL must be an https:// URL'],
    ['GOOGLE_PLAY_URL', 'http://play.google.com/store', 'GOOGLE_PLAY_URL must be an https:// URL'],
    ['SOCIAL_X_URL', 'javascript:alert(1)', 'SOCIAL_X_URL must be an https:// URL'],
    [
      'SUPPORT_PHONE',
      '800 555 0199',
      'SUPPORT_PHONE must be a phone number in international form, such as +1 800 555 0199',
    ],
    ['SUPPORT_PHONE', '+1 555', 'SUPPORT_PHONE must be a phone number in international form, such as +1 800 555 0199'],
    ['SUPPORT_EMAIL', 'support', 'SUPPORT_EMAIL must be an email address'],
    ['CONTACT_URL', 'http://help.example.com', 'CONTACT_URL must be an https:// or mailto: URL'],
  ])('stops on %s=%s with one sentence naming it', (name, value, sentence) => {
    expect(() => parseServerEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseServerEnv({ [name]: value })).toThrow(
      `Configuration error: ${sentence}. See the README's configuration table.`,
    );
  });
});

describe('the values the build rendered with', () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-links-'));
  afterEach(() => vi.unstubAllEnvs());

  function build(env: Record<string, string>) {
    vi.stubEnv('NEXT_PHASE', 'phase-production-build');
    vi.stubEnv('NEXT_DIST_DIR', distDir);
    noteShellLinksOfBuild(parseServerEnv(env));
    vi.unstubAllEnvs();
  }

  it('are noted only while building', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-links-'));
    vi.stubEnv('NEXT_DIST_DIR', elsewhere);
    noteShellLinksOfBuild(parseServerEnv({}));
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it('agree with the same values at start, defaults included', () => {
    build({ SUPPORT_PHONE: '+1 512 555 0142' });
    expect(shellLinksChangedSinceBuild(parseServerEnv({ SUPPORT_PHONE: '+1 512 555 0142' }), distDir)).toEqual([]);
  });

  it('name each variable that changed since, set or unset', () => {
    build({ SUPPORT_PHONE: '+1 512 555 0142', CONTACT_URL: 'https://help.example.com' });
    expect(shellLinksChangedSinceBuild(parseServerEnv({ SOCIAL_X_URL: 'https://x.com/dental' }), distDir)).toEqual([
      'SUPPORT_PHONE',
      'CONTACT_URL',
      'SOCIAL_X_URL',
    ]);
  });

  it('name PUBLIC_URL when the static pages were built on another origin', () => {
    build({});
    expect(shellLinksChangedSinceBuild(parseServerEnv({ PUBLIC_URL: 'https://dental.example.com' }), distDir)).toEqual([
      'PUBLIC_URL',
    ]);
    // Unset at both ends, the origin follows PORT: a build for this machine serves on any port.
    expect(shellLinksChangedSinceBuild(parseServerEnv({ PORT: '3210' }), distDir)).toEqual([]);
  });

  it('ask nothing of a build that noted none', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-links-'));
    expect(shellLinksChangedSinceBuild(parseServerEnv({ SUPPORT_PHONE: '+1 512 555 0142' }), empty)).toEqual([]);
  });
});
