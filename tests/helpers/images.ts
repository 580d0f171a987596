// Test photos made on the spot with sharp: a camera-like JPEG (noise, so it compresses like a
// photo, with EXIF tags including a GPS position), a PNG, and helpers to upload them as the
// product screen does (multipart, field `image`).
import sharp from 'sharp';
import { baseUrl } from './api';

export async function cameraJpeg(width = 3000, height = 2000): Promise<Buffer> {
  const channels = 3;
  const noise = Buffer.alloc(width * height * channels);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + ((i / 3000) | 0) * 104729) % 251;
  return sharp(noise, { raw: { width, height, channels } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Ganaar 1', Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 41/1 0/1' } })
    .toBuffer();
}

export async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 20 } } })
    .png()
    .toBuffer();
}

export async function uploadImage(token: string | undefined, bytes: Uint8Array, filename = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), filename);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl()}/api/produit/saveEcomImage`, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, body };
}
