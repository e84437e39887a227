import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { BATTERY_LIFE_SECONDS } from '@fartwin/protocol';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { stripEmojis } from '../twin-mind/index.ts';
import { APP } from './app-identity.ts';
import { escapeXml } from './xml.ts';

const require = createRequire(import.meta.url);

/** The wasm renderer and the fonts ship inside npm packages: nothing is downloaded. */
let ready: Promise<Uint8Array[]> | null = null;
function renderer(): Promise<Uint8Array[]> {
  ready ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm'))).then(() =>
    ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) =>
      readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)),
    ),
  );
  return ready;
}

/**
 * Renders an SVG document to PNG with the bundled fonts. `opaque`: an RGB PNG without an alpha
 * channel, as the app icon must be (the SVG must then paint every pixel, or its holes turn black).
 */
export async function svgToPng(svg: string, options: { opaque?: boolean } = {}): Promise<Uint8Array> {
  const fontBuffers = await renderer();
  const image = new Resvg(svg, { font: { fontBuffers, defaultFontFamily: 'DejaVu Sans' } });
  try {
    const rendered = image.render();
    try {
      return options.opaque ? rgbPng(rendered.width, rendered.height, rendered.pixels) : rendered.asPng();
    } finally {
      rendered.free();
    }
  } finally {
    image.free();
  }
}

/** A PNG chunk: length, type, data, and the CRC of type and data. */
function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(data.length, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return chunk;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** RGBA pixels as an 8-bit RGB PNG (colour type 2): the alpha dropped, each row unfiltered. */
function rgbPng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    let at = y * (1 + width * 3) + 1; // the row's filter byte stays 0: none
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      rows[at++] = rgba[from]!;
      rows[at++] = rgba[from + 1]!;
      rows[at++] = rgba[from + 2]!;
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** Cuts text that would overflow its line. */
const fit = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Two overlapping faces: the user and their twin. Drawn in a 100×100 box. */
function twinsMark(x: number, y: number, size: number): string {
  const scale = size / 100;
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <circle cx="38" cy="50" r="30" fill="#f5f0ff"/>
    <circle cx="62" cy="50" r="30" fill="${APP.accentColor}" fill-opacity="0.92"/>
    <circle cx="30" cy="46" r="4" fill="#17101f"/><circle cx="46" cy="46" r="4" fill="#17101f"/>
    <circle cx="56" cy="46" r="4" fill="#fff"/><circle cx="72" cy="46" r="4" fill="#fff"/>
    <path d="M28 60 q10 8 20 0" stroke="#17101f" stroke-width="3.5" fill="none" stroke-linecap="round"/>
    <path d="M54 60 q10 8 20 0" stroke="#fff" stroke-width="3.5" fill="none" stroke-linecap="round"/>
  </g>`;
}

const background = (width: number, height: number) => `
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#241733"/><stop offset="1" stop-color="${APP.splashBackgroundColor}"/>
  </linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>`;

/** The app icon (square, every pixel painted: rendered without alpha) and splash image. */
export function iconSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    ${background(100, 100)}${twinsMark(10, 10, 80)}</svg>`;
}

/** The app's card sizes: the embed's 3:2 and the Open Graph (and hero) image's 1.91:1. */
export const APP_CARD_SIZES = { embed: { width: 1200, height: 800 }, og: { width: 1200, height: 630 } } as const;

/** The app's card, its mark and words centred on the height: the embed (3:2) or the og image (1.91:1). */
export function appCardSvg(kind: keyof typeof APP_CARD_SIZES): string {
  const { width, height } = APP_CARD_SIZES[kind];
  const middle = height / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${background(width, height)}${twinsMark(80, middle - 200, 400)}
    <text x="540" y="${middle - 40}" font-size="104" font-weight="bold" fill="#f5f0ff">${APP.name}</text>
    <text x="540" y="${middle + 40}" font-size="44" fill="#cbbcf5">${escapeXml(APP.subtitle)}</text>
    <text x="540" y="${middle + 160}" font-size="34" fill="#9d8fc0">Answer 8 questions.</text>
    <text x="540" y="${middle + 210}" font-size="34" fill="#9d8fc0">Meet the agent that talks like you.</text>
  </svg>`;
}

export interface TwinCard {
  displayName: string;
  username: string;
  tokenSymbol: string;
  /** Whole seconds of life left; 0 when dead; null when the server does not know. */
  secondsLeft: number | null;
}

/** A twin's shared page: its name and battery, readable at a glance in a feed. */
export function twinEmbedSvg(twin: TwinCard): string {
  const { secondsLeft } = twin;
  const charge = secondsLeft === null ? 0 : Math.max(0, Math.min(1, secondsLeft / BATTERY_LIFE_SECONDS));
  const color = secondsLeft === null ? '#9d8fc0' : charge === 0 ? '#ff5c7a' : charge < 0.15 ? '#ffb44c' : '#3ddc97';
  const status =
    secondsLeft === null
      ? 'Battery level being checked'
      : secondsLeft <= 0
        ? 'Out of battery: revive it for 1 USDC'
        : `${Math.floor(secondsLeft / 86_400)} days ${Math.floor((secondsLeft % 86_400) / 3_600)} hours of battery left`;
  // The bundled font has no emoji: they are dropped rather than drawn as empty boxes.
  const name = fit(stripEmojis(twin.displayName), 22);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    ${background(1200, 800)}${twinsMark(80, 90, 200)}
    <text x="310" y="180" font-size="40" fill="#cbbcf5">${APP.name} twin</text>
    <text x="80" y="400" font-size="88" font-weight="bold" fill="#f5f0ff">${escapeXml(name)}</text>
    <text x="80" y="470" font-size="44" fill="#cbbcf5">@${escapeXml(fit(twin.username, 30))} · $${escapeXml(twin.tokenSymbol)}</text>
    <rect x="80" y="560" width="900" height="120" rx="24" fill="none" stroke="#f5f0ff" stroke-width="8"/>
    <rect x="984" y="595" width="24" height="50" rx="8" fill="#f5f0ff"/>
    <rect x="96" y="576" width="${Math.round(868 * charge)}" height="88" rx="14" fill="${color}"/>
    <text x="80" y="740" font-size="40" fill="${color}">${escapeXml(status)}</text>
  </svg>`;
}
