import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  contrastWithWhite,
  errorResponse,
  practiceBranding,
  practiceBrandingResponse,
  readableBrandColor,
} from '@dermis/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { buildProgram } from '../../cli/program';
import { practice } from '../../db/schema';
import type { CliIo } from '../../cli/program';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { givenPracticeWithKey } from '../../test/fixtures';
import { sunshineLogoSvg } from './practice-branding.demo';

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR', 'latin1'),
]);
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64');

it('darkens a brand colour only as far as 4.5:1 against white', () => {
  expect(readableBrandColor('#b45309')).toBe('#b45309');
  for (const light of ['#ffffff', '#ffff00', '#00ff00', '#f59e0b', '#7fdbff']) {
    const readable = readableBrandColor(light);
    expect(contrastWithWhite(readable)).toBeGreaterThanOrEqual(4.5);
    // One step lighter would not reach it: darkened no more than needed.
    expect(contrastWithWhite(readable)).toBeLessThan(5.2);
  }
});

describeEachDatabase('practice branding', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let practiceId: number;
  let key: string;

  beforeEach(async () => {
    ({ practiceId, apiKey: key } = await givenPracticeWithKey(t.db, 'Bright Skin'));
    app = await newApp();
  });
  const put = (payload: object) =>
    app.inject({
      method: 'PUT',
      url: '/api/integration/practice/branding',
      payload,
      headers: { 'x-api-key': key },
    });

  it('sets name, phone, colour and logo through the integration API and serves them publicly', async () => {
    const response = await put({
      name: 'Bright Skin Clinic',
      phone: '(555) 010-2000',
      brandColor: '#FFD700',
      logoBase64: b64(sunshineLogoSvg),
    });
    expect(response.statusCode).toBe(200);
    const set = practiceBrandingResponse.parse(response.json());
    expect(set.brandColorAdjusted).toBe(true);
    expect(contrastWithWhite(set.brandColor!)).toBeGreaterThanOrEqual(4.5);

    const publicAnswer = await app.inject({ url: '/api/practice-branding' });
    expect(publicAnswer.statusCode).toBe(200);
    const branding = practiceBranding.parse(publicAnswer.json());
    expect(branding).toMatchObject({ name: 'Bright Skin Clinic', phone: '(555) 010-2000', practiceId });
    expect(branding.brandColor).toBe(set.brandColor);

    const logo = await app.inject({ url: branding.logoUrl! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(logo.body).toBe(sunshineLogoSvg);

    const byId = await app.inject({ url: `/api/practice-branding?practiceId=${practiceId}` });
    expect(practiceBranding.parse(byId.json()).name).toBe('Bright Skin Clinic');
    expect((await app.inject({ url: '/api/practice-branding?practiceId=99999' })).statusCode).toBe(404);
  });

  it('recognises PNG by content and removes a logo with null', async () => {
    expect(practiceBrandingResponse.parse((await put({ logoBase64: b64(png) })).json()).logoUrl).toMatch(
      /\/logo\?v=/,
    );
    const branding = practiceBranding.parse((await app.inject({ url: '/api/practice-branding' })).json());
    expect((await app.inject({ url: branding.logoUrl! })).headers['content-type']).toBe('image/png');
    expect(practiceBrandingResponse.parse((await put({ logoBase64: null })).json()).logoUrl).toBeNull();
    expect((await app.inject({ url: `/api/practice-branding/${practiceId}/logo` })).statusCode).toBe(404);
  });

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    [
      'an external image',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://x.test/a.png"/></svg>',
    ],
    ['a foreign object', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/></svg>'],
    ['an entity', '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>'],
  ])('refuses an SVG with %s', async (_what, svg) => {
    const response = await put({ logoBase64: b64(svg) });
    expect(response.statusCode).toBe(400);
    expect(errorResponse.parse(response.json()).validationMessages?.[0]?.description).toBe(
      'The SVG logo contains scripts, event handlers or external references.',
    );
  });

  it('refuses other types, oversized logos, bad base64 and bad colours', async () => {
    const gif = await put({ logoBase64: b64('GIF89a....') });
    expect(errorResponse.parse(gif.json()).validationMessages?.[0]?.description).toBe(
      'The logo must be a PNG, JPEG or SVG image.',
    );
    const big = await put({ logoBase64: b64(Buffer.concat([png, Buffer.alloc(262_144)])) });
    expect(big.statusCode).toBe(400);
    expect((await put({ logoBase64: 'not base64!' })).statusCode).toBe(400);
    const colour = await put({ brandColor: 'orange' });
    expect(colour.statusCode).toBe(400);
    expect(JSON.stringify(colour.json())).toContain('#RRGGBB');
    expect((await put({ name: 'A\u0000B' })).statusCode).toBe(400);
  });

  it('sets the practice’s time zone by its IANA name, in canonical spelling, and clears it with null (decision 127)', async () => {
    const set = practiceBrandingResponse.parse((await put({ timeZone: 'america/chicago' })).json());
    expect(set.timeZone).toBe('America/Chicago');
    const [row] = await t.db.select().from(practice).where(eq(practice.id, practiceId));
    expect(row!.timeZone).toBe('America/Chicago');
    // Other fields leave it alone; the public branding call does not carry it.
    expect(practiceBrandingResponse.parse((await put({ phone: '555' })).json()).timeZone).toBe(
      'America/Chicago',
    );
    expect(Object.keys((await app.inject({ url: '/api/practice-branding' })).json<object>())).not.toContain(
      'timeZone',
    );

    for (const bad of ['Mars/Olympus_Mons', '+05:00', 'EST5EDT/../x', 'America/New York', '']) {
      const response = await put({ timeZone: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(errorResponse.parse(response.json()).validationMessages?.[0]).toMatchObject({
        field: 'timeZone',
        description: 'Use an IANA time zone name such as America/New_York.',
      });
    }
    expect(practiceBrandingResponse.parse((await put({ timeZone: null })).json()).timeZone).toBeNull();
  });

  it('dermis practice:set-branding sets the same from a file and explains a darkened colour', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-logo-'));
    const file = path.join(dir, 'logo.svg');
    fs.writeFileSync(file, sunshineLogoSvg);
    const printed: string[] = [];
    const io: CliIo = {
      withDatabase: async (fn: Parameters<CliIo['withDatabase']>[0]) => void printed.push(await fn(t.db)),
    };
    const program = buildProgram(io);
    for (const command of [program, ...program.commands]) command.exitOverride();
    await program.parseAsync([
      'node',
      'dermis',
      'practice:set-branding',
      '--practice',
      String(practiceId),
      '--color',
      '#ffff00',
      '--phone',
      '(555) 010-3000',
      '--logo',
      file,
    ]);
    expect(printed.join('\n')).toMatch(/darkened from #ffff00/);
    const branding = practiceBranding.parse((await app.inject({ url: '/api/practice-branding' })).json());
    expect(branding.phone).toBe('(555) 010-3000');
    expect(branding.logoUrl).not.toBeNull();
    expect(printed.join('\n')).toContain('time zone: (the server default, REMINDER_TIME_ZONE)');
    const setBranding = (...options: string[]) =>
      buildProgram(io)
        .exitOverride()
        .parseAsync([
          'node',
          'dermis',
          'practice:set-branding',
          '--practice',
          String(practiceId),
          ...options,
        ]);
    printed.length = 0;
    await setBranding('--time-zone', 'Europe/Madrid');
    expect(printed.join('\n')).toContain('time zone: Europe/Madrid');
    await expect(setBranding('--time-zone', 'Madrid')).rejects.toThrow(
      /--time-zone: Use an IANA time zone name/,
    );
    await expect(setBranding('--color', 'red')).rejects.toThrow(/#RRGGBB/);
  });
});
