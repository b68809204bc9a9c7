// Draws the sample car pictures shipped in web/public/images/cars (original drawings, CC0). Run once; output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../web/public/images/cars/', import.meta.url));
mkdirSync(out, { recursive: true });

const COLORS: Record<string, [string, string]> = {
  red: ['#d62828', '#8d1414'],
  blue: ['#2a6fdb', '#163f80'],
  silver: ['#c9ced6', '#7d8590'],
  black: ['#2b2d31', '#0d0e10'],
  green: ['#3aa655', '#1d5c2c'],
  grey: ['#7c838c', '#41464d'],
  orange: ['#f77f00', '#a35200'],
  yellow: ['#f5c400', '#a37f00'],
  white: ['#f4f5f7', '#b9bec6'],
};

// Side profiles on a 800x400 canvas: body outline, glass, wheel centres.
const BODIES: Record<string, { body: string; glass: string; wheels: [number, number]; wheelR: number }> = {
  supercar: {
    body: 'M70 290 L90 250 Q120 232 210 226 L300 186 Q380 160 470 168 L560 196 Q660 214 720 240 L735 282 Q736 300 715 302 L70 302 Z',
    glass: 'M318 194 Q385 172 462 178 L530 204 L330 210 Z',
    wheels: [205, 590],
    wheelR: 48,
  },
  coupe: {
    body: 'M60 292 L72 252 Q100 232 200 222 L290 170 Q370 146 470 152 L560 196 Q670 206 728 236 L740 284 Q740 302 718 304 L60 304 Z',
    glass: 'M305 178 Q372 156 458 161 L520 200 L312 206 Z',
    wheels: [200, 600],
    wheelR: 50,
  },
  muscle: {
    body: 'M55 292 L60 238 Q90 224 210 220 L300 176 Q380 160 480 164 L560 210 Q690 214 740 230 L745 286 Q745 304 722 304 L55 304 Z',
    glass: 'M315 184 Q385 170 470 173 L520 210 L322 212 Z',
    wheels: [195, 610],
    wheelR: 52,
  },
  suv: {
    body: 'M60 300 L62 214 Q80 196 170 190 L250 128 Q290 112 520 114 Q580 116 610 150 L660 196 Q730 206 742 232 L746 292 Q746 310 722 310 L60 310 Z',
    glass: 'M268 136 Q300 124 420 124 L420 190 L220 194 Z M436 124 Q560 124 592 156 L630 192 L436 192 Z',
    wheels: [195, 610],
    wheelR: 56,
  },
  truck: {
    body: 'M50 304 L52 208 Q60 196 120 194 L220 190 L270 120 Q290 110 400 110 L430 120 L440 196 L750 196 L752 292 Q752 312 730 312 L50 312 Z',
    glass: 'M285 128 Q300 120 395 120 L415 190 L245 190 Z',
    wheels: [170, 620],
    wheelR: 60,
  },
  hatch: {
    body: 'M70 296 L74 240 Q100 222 200 214 L280 156 Q330 136 520 140 Q600 146 640 200 Q720 212 734 240 L738 288 Q738 304 716 304 L70 304 Z',
    glass: 'M296 162 Q340 146 450 148 L452 202 L250 208 Z M466 148 Q560 150 606 200 L466 202 Z',
    wheels: [200, 600],
    wheelR: 48,
  },
  wagon: {
    body: 'M60 294 L64 240 Q90 222 190 214 L270 160 Q320 140 640 148 Q690 160 710 210 L738 238 L742 288 Q742 304 720 304 L60 304 Z',
    glass: 'M286 166 Q330 150 460 152 L460 206 L240 210 Z M474 152 Q640 154 676 206 L474 206 Z',
    wheels: [195, 610],
    wheelR: 50,
  },
  classic: {
    body: 'M60 296 Q50 250 110 238 Q160 226 230 224 Q270 160 400 150 Q520 150 560 220 Q690 226 732 250 Q752 292 724 302 L60 302 Z',
    glass: 'M282 212 Q310 166 398 162 Q494 164 520 212 Z',
    wheels: [200, 590],
    wheelR: 46,
  },
};

function draw(body: string, color: string, rear: boolean): string {
  const b = BODIES[body]!;
  const [paint, shade] = COLORS[color]!;
  const wheel = (x: number) => `
    <g transform="translate(${x} ${320 - b.wheelR})">
      <circle r="${b.wheelR}" fill="#111"/><circle r="${b.wheelR * 0.62}" fill="#9aa1aa"/>
      <circle r="${b.wheelR * 0.5}" fill="#5f666e"/><circle r="${b.wheelR * 0.14}" fill="#2b2f34"/>
    </g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" role="img" aria-label="${color} ${body}, sample illustration">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${rear ? '#1f2937' : '#e8edf3'}"/><stop offset="1" stop-color="${rear ? '#374151' : '#cfd8e3'}"/></linearGradient>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${paint}"/><stop offset="1" stop-color="${shade}"/></linearGradient>
  </defs>
  <rect width="800" height="450" fill="url(#sky)"/>
  <rect y="320" width="800" height="130" fill="${rear ? '#111827' : '#9aa5b1'}"/>
  <ellipse cx="400" cy="322" rx="340" ry="16" fill="#000" opacity=".25"/>
  <g${rear ? ' transform="translate(800 0) scale(-1 1)"' : ''}>
    <path d="${b.body}" fill="url(#paint)" stroke="${shade}" stroke-width="3"/>
    <path d="${b.glass}" fill="#1c2a3a" opacity=".85"/>
    <path d="M110 262 L700 262" stroke="#fff" stroke-opacity=".18" stroke-width="4"/>
    ${wheel(b.wheels[0])}${wheel(b.wheels[1])}
  </g>
  <text x="780" y="436" text-anchor="end" font-family="system-ui, sans-serif" font-size="16" fill="${rear ? '#cbd5e1' : '#475569'}">Sample illustration</text>
</svg>
`;
}

const NAMES = [
  'supercar-red',
  'coupe-silver',
  'coupe-blue',
  'supercar-green',
  'coupe-black',
  'supercar-grey',
  'muscle-blue',
  'supercar-orange',
  'coupe-yellow',
  'hatch-white',
  'suv-black',
  'suv-white',
  'suv-green',
  'coupe-red',
  'wagon-grey',
  'truck-blue',
  'muscle-black',
  'suv-grey',
  'supercar-white',
  'suv-orange',
  'coupe-green',
  'classic-silver',
  'supercar-blue',
];
for (const name of NAMES) {
  const [body, color] = name.split('-') as [string, string];
  writeFileSync(`${out}${name}.svg`, draw(body, color, false));
  writeFileSync(`${out}${name}-rear.svg`, draw(body, color, true));
}
writeFileSync(
  fileURLToPath(new URL('../web/public/images/placeholder-car.svg', import.meta.url)),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" role="img" aria-label="No photo yet">
  <rect width="800" height="450" fill="#e5e7eb"/>
  <path d="M200 290 L230 240 Q260 225 330 222 L380 185 Q420 170 500 172 L560 222 Q620 228 640 250 L645 292 Z" fill="none" stroke="#9ca3af" stroke-width="8" stroke-linejoin="round"/>
  <circle cx="290" cy="295" r="32" fill="none" stroke="#9ca3af" stroke-width="8"/><circle cx="560" cy="295" r="32" fill="none" stroke="#9ca3af" stroke-width="8"/>
  <text x="400" y="380" text-anchor="middle" font-family="system-ui, sans-serif" font-size="28" fill="#6b7280">No photo yet</text>
</svg>
`,
);
writeFileSync(
  `${out}LICENSE.md`,
  '# Car pictures\n\nThe SVG car illustrations in this folder are original drawings made for this project (generated by `tools/draw-car-images.ts`) and are dedicated to the public domain under CC0 1.0.\n',
);
console.log(`drew ${NAMES.length * 2} pictures`);
