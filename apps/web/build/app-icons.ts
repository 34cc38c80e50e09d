import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The sizes of the manifest's icons: the launchers' and stores' (48 to 512) and Android's. */
const ICON_SIZES = [48, 72, 96, 144, 192, 256, 384, 512];
/** Full-bleed icons that a launcher crops to its own shape; their mark keeps to the safe zone. */
const MASKABLE_SIZES = [192, 512];
/** iOS ignores the manifest's icons and asks for this one. */
const APPLE_TOUCH_SIZE = 180;

export type AppIcon = { src: string; sizes: string; type: 'image/png'; purpose?: 'maskable' };

export const APP_ICONS: AppIcon[] = [
  ...ICON_SIZES.map((size) => ({
    src: `/icons/icon-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png' as const,
  })),
  ...MASKABLE_SIZES.map((size) => ({
    src: `/icons/maskable-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png' as const,
    purpose: 'maskable' as const,
  })),
];

export const APPLE_TOUCH_ICON = `/icons/apple-touch-icon-${APPLE_TOUCH_SIZE}.png`;

/**
 * Renders the app's PNG icons from its SVG marks at build time, so that the repository holds the
 * drawings and never a binary made from them: the favicon for the plain icons,
 * icons/maskable-icon.svg (full-bleed) for the maskable ones and for iOS, which rounds the corners
 * itself and fills transparency with black.
 */
export function appIcons(root: string): Plugin {
  return {
    name: 'nexusplay:app-icons',
    apply: 'build',
    async generateBundle() {
      const [mark, maskable] = await Promise.all([
        fs.readFile(path.join(root, 'public', 'favicon.svg')),
        fs.readFile(path.join(root, 'icons', 'maskable-icon.svg')),
      ]);
      // Drawn at the target size (the marks are 32 units wide), not scaled from a bitmap.
      const render = (svg: Buffer, size: number) =>
        sharp(svg, { density: (72 * size) / 32 })
          .resize(size, size)
          .png({ compressionLevel: 9 })
          .toBuffer();
      const files: Array<[string, Promise<Buffer>]> = [
        ...ICON_SIZES.map((size): [string, Promise<Buffer>] => [
          `icons/icon-${size}.png`,
          render(mark, size),
        ]),
        ...MASKABLE_SIZES.map((size): [string, Promise<Buffer>] => [
          `icons/maskable-${size}.png`,
          render(maskable, size),
        ]),
        [APPLE_TOUCH_ICON.slice(1), render(maskable, APPLE_TOUCH_SIZE)],
      ];
      for (const [fileName, source] of files) {
        this.emitFile({ type: 'asset', fileName, source: await source });
      }
    },
  };
}
