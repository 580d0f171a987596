// Product photos (spec part 2 §7 api/produit/saveEcomImage): the file's type is read from its
// bytes, never its name or declared type; sharp (libvips, prebuilt for Lambda's linux-arm64)
// decodes it within a pixel budget, applies the EXIF orientation and drops every metadata block
// (EXIF, GPS position, XMP), then writes a full version (≤ 1600 px) and a phone version (480 px
// wide) as WebP under images/<tenant>/ of the private bucket. The original bytes are never stored.
import { randomBytes } from 'node:crypto';
import type { Sharp, SharpOptions } from 'sharp';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { IMAGE_PATH_RE, MAX_IMAGE_BYTES, smallImage } from '@shared/schemas/ecommerce';
import { AppError, badRequest } from '../lib/errors';
import { objectExists, putObject } from '../lib/s3';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

/** The image format named by the file's first bytes (magic numbers), or null. */
export function sniffImage(b: Uint8Array): ImageKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return 'png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'gif';
  return null;
}

function ascii(b: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...b.subarray(from, to));
}

/** Largest decoded image (pixels): a small file cannot expand into gigabytes of memory. */
const MAX_PIXELS = 40_000_000;
export const FULL_WIDTH = 1600;
export const SMALL_WIDTH = 480;

/** The `image` field of a multipart body; 400 when the body is not multipart or has no file. */
export async function readImageField(raw: Buffer, contentType: string | undefined): Promise<Uint8Array> {
  if (!contentType || !/^multipart\/form-data;\s*boundary=/i.test(contentType)) throw badRequest(ECOM_MSG.imageRequired);
  if (raw.length > MAX_IMAGE_BYTES + 64 * 1024) throw new AppError(413, ECOM_MSG.imageTooLarge(MAX_IMAGE_BYTES / 1024 / 1024));
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest(ECOM_MSG.imageRequired);
  }
  const file = form.get('image');
  if (!file || typeof file === 'string') throw badRequest(ECOM_MSG.imageRequired);
  if (file.size > MAX_IMAGE_BYTES) throw new AppError(413, ECOM_MSG.imageTooLarge(MAX_IMAGE_BYTES / 1024 / 1024));
  if (file.size === 0) throw badRequest(ECOM_MSG.imageRequired);
  return new Uint8Array(await file.arrayBuffer());
}

export interface ProcessedImage {
  full: Buffer;
  small: Buffer;
  width: number;
  height: number;
}

let sharpModule: Promise<(input: Uint8Array, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp (a native addon and its CommonJS loader, ~45 ms) is loaded by the first image a container
 * processes, not when the Lambda starts: the shop's other routes never pay for it
 * (docs/decisions.md, "Performance budgets"). A failed load is not cached.
 */
function loadSharp(): Promise<(input: Uint8Array, options: SharpOptions) => Sharp> {
  sharpModule ??= import('sharp').then(
    (m) => m.default,
    (err) => {
      sharpModule = undefined;
      throw err;
    },
  );
  return sharpModule;
}

/** Decodes, orients, strips metadata and re-encodes; 415 for anything that is not a readable image. */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (!sniffImage(bytes)) throw new AppError(415, ECOM_MSG.imageNotImage);
  const sharp = await loadSharp();
  try {
    const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false }).rotate();
    const full = await input()
      .resize({ width: FULL_WIDTH, height: FULL_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const small = await input().resize({ width: SMALL_WIDTH, withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
    return { full: full.data, small, width: full.info.width, height: full.info.height };
  } catch (err) {
    if (/pixel limit/i.test((err as Error)?.message ?? '')) throw badRequest(ECOM_MSG.imageTooBig);
    throw new AppError(415, ECOM_MSG.imageNotImage);
  }
}

const objectKey = (path: string) => path.slice(1); // "/images/…" → "images/…"

/** Stores both versions; answers the public path of the full one (`/images/<t>/<id>.webp`). */
export async function storeImage(tenantId: number, img: ProcessedImage): Promise<string> {
  const path = `/images/${tenantId}/${randomBytes(16).toString('hex')}.webp`;
  const put = (key: string, body: Buffer) => putObject(key, body, { contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
  await Promise.all([put(objectKey(path), img.full), put(objectKey(smallImage(path)), img.small)]);
  return path;
}

/** True when the path belongs to `tenantId` and its object exists. */
export async function imageBelongsTo(tenantId: number, path: string): Promise<boolean> {
  const m = IMAGE_PATH_RE.exec(path);
  if (!m || Number(m[1]) !== tenantId) return false;
  return objectExists(objectKey(path));
}
