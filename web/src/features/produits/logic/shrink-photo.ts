// A phone photo (often 3–8 MB) is scaled down in the browser before it is sent: at most 1600 px on
// its longer side, JPEG 85 %. That keeps the upload under the API's request limit whatever the
// camera, saves the buyer's data plan, and the canvas drops the EXIF block (GPS position) on the
// way. The server still checks the bytes, strips metadata and makes its own versions.
import { MAX_IMAGE_BYTES } from '@shared/schemas/ecommerce';

const MAX_SIDE = 1600;
/** Files under this size that are already small enough are sent as they are. */
const SEND_AS_IS_BYTES = 1024 * 1024;

export async function shrinkPhoto(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not decodable here (e.g. HEIC on some browsers): the server decides
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= SEND_AS_IS_BYTES) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const encode = (q: number) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', q));
  let blob = await encode(0.85);
  // A very detailed picture may still be heavy at 85 %: once more, lighter, before giving up.
  if (blob && blob.size > MAX_IMAGE_BYTES) blob = await encode(0.7);
  return blob ?? file;
}
