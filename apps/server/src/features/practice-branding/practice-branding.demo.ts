/** The demo practice's identity: Sunshine Dermatology's sun logo, amber colour and help line. */
import type { DemoSeeder } from '../../demo/seed';
import { setPracticeBranding } from './practice-branding.service';

/** A sun over a horizon, drawn for the demo (no text, so no font is needed). */
export const sunshineLogoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img">
<title>Sunshine Dermatology</title>
<g stroke="#f59e0b" stroke-width="4" stroke-linecap="round">
<line x1="32" y1="6" x2="32" y2="14"/><line x1="13.6" y1="13.6" x2="19.3" y2="19.3"/>
<line x1="50.4" y1="13.6" x2="44.7" y2="19.3"/><line x1="6" y1="34" x2="14" y2="34"/>
<line x1="50" y1="34" x2="58" y2="34"/>
</g>
<circle cx="32" cy="36" r="14" fill="#fbbf24" stroke="#b45309" stroke-width="2"/>
<rect x="4" y="42" width="56" height="18" rx="3" fill="#ffffff"/>
<path d="M6 46h52M12 52h40M20 58h24" stroke="#b45309" stroke-width="3" stroke-linecap="round"/>
</svg>
`;

export const seedPracticeBranding: DemoSeeder = async (tx, demo) => {
  await setPracticeBranding(tx, demo.practiceId, {
    phone: '(239) 555-0100',
    brandColor: '#b45309',
    logoBase64: Buffer.from(sunshineLogoSvg).toString('base64'),
  });
};
