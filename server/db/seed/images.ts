import { loadSharp } from '../../lib/sharp';

/** Simple illustrations for seeded records, drawn as SVG and rendered to real PNG files. */
const ICONS: Record<string, string> = {
  water:
    '<path d="M200 70 C200 70 130 160 130 210 a70 70 0 0 0 140 0 C270 160 200 70 200 70z" fill="#fff" opacity=".92"/>' +
    '<path d="M170 215 a32 32 0 0 0 30 32" stroke="#1e88e5" stroke-width="10" fill="none" stroke-linecap="round"/>',
  oxygen:
    '<rect x="160" y="95" width="80" height="170" rx="36" fill="#fff" opacity=".92"/>' +
    '<rect x="185" y="65" width="30" height="35" rx="6" fill="#fff"/>' +
    '<text x="200" y="200" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="34" fill="#00897b">O₂</text>',
  laundry:
    '<path d="M140 110 l40 -25 h40 l40 25 l25 45 l-35 18 v95 h-100 v-95 l-35 -18z" fill="#fff" opacity=".92"/>' +
    '<circle cx="200" cy="185" r="22" fill="none" stroke="#8e24aa" stroke-width="8"/>',
  tiffin:
    '<rect x="140" y="110" width="120" height="42" rx="10" fill="#fff" opacity=".95"/>' +
    '<rect x="140" y="160" width="120" height="42" rx="10" fill="#fff" opacity=".85"/>' +
    '<rect x="140" y="210" width="120" height="42" rx="10" fill="#fff" opacity=".75"/>' +
    '<path d="M160 110 q40 -50 80 0" stroke="#fff" stroke-width="10" fill="none"/>',
  ecommerce:
    '<path d="M120 100 h30 l25 110 h95 l20 -80 h-125" stroke="#fff" stroke-width="14" fill="none" stroke-linejoin="round"/>' +
    '<circle cx="185" cy="245" r="14" fill="#fff"/><circle cx="255" cy="245" r="14" fill="#fff"/>',
  other: '<circle cx="200" cy="170" r="70" fill="#fff" opacity=".9"/>',
};

const COLOURS: Record<string, [string, string]> = {
  water: ['#42a5f5', '#1565c0'],
  oxygen: ['#4db6ac', '#00695c'],
  laundry: ['#ba68c8', '#6a1b9a'],
  tiffin: ['#ffb74d', '#e65100'],
  ecommerce: ['#f06292', '#ad1457'],
  other: ['#90a4ae', '#455a64'],
};

export async function illustrationPng(kind: string, label: string): Promise<Buffer> {
  const [from, to] = COLOURS[kind] ?? COLOURS.other!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="400" height="400" rx="48" fill="url(#g)"/>
    ${ICONS[kind] ?? ICONS.other}
    <text x="200" y="340" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="38" fill="#fff">${escapeXml(label)}</text>
  </svg>`;
  return loadSharp().then((sharp) => sharp(Buffer.from(svg)).png().toBuffer());
}

function escapeXml(s: string) {
  return s.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!,
  );
}
