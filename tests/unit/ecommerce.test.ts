// Online shop pure rules: the image type from the bytes, the processing (metadata dropped, two
// sizes, pixel budget), the order states, the buyer form schema and the helpers the storefront uses.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { processImage, sniffImage } from '../../functions/ecommerce/images';
import { etatOf } from '../../functions/ecommerce/repository';
import { commandeVitrineSchema, IMAGE_PATH_RE, normalizeVille, parseInfoClient, smallImage } from '@shared/schemas/ecommerce';

describe('sniffImage', () => {
  it('names JPEG, PNG, WebP and GIF from their first bytes, nothing else', async () => {
    const px = sharp({ create: { width: 4, height: 4, channels: 3, background: '#080' } });
    expect(sniffImage(await px.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await px.clone().png().toBuffer())).toBe('png');
    expect(sniffImage(await px.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImage(await px.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('processImage', () => {
  it('applies the EXIF orientation, drops metadata and makes a 1600 px and a 480 px WebP', async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c80' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'owner-name' } })
      .toBuffer();
    const r = await processImage(jpeg);
    const full = await sharp(r.full).metadata();
    const small = await sharp(r.small).metadata();
    // orientation 6 = rotated 90°: the stored picture is upright (portrait)
    expect([full.format, full.width, full.height, full.exif, full.orientation]).toEqual(['webp', 800, 1600, undefined, undefined]);
    expect([small.format, small.width, small.height]).toEqual(['webp', 480, 960]);
  });

  it('refuses a decompression bomb above 40 megapixels (400) and a broken image (415)', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(processImage(huge)).rejects.toMatchObject({ status: 400 });
    await expect(processImage(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]))).rejects.toMatchObject({
      status: 415,
    });
  });
});

describe('online order states (spec §4)', () => {
  it('sums payment and delivery into etat', () => {
    expect(etatOf('PENDING', 'PENDING')).toBe('PENDING');
    expect(etatOf('PAYED', 'PENDING')).toBe('PAYED');
    expect(etatOf('PENDING', 'DELIVERED')).toBe('DELIVERED');
    expect(etatOf('PAYED', 'DELIVERED')).toBe('FINISHED');
  });
});

describe('storefront helpers and the buyer form', () => {
  it('matches cities without accents, case or extra spaces; image paths and their phone version', () => {
    expect(normalizeVille('  Thiès  Ville ')).toBe('thies ville');
    expect(smallImage('/images/3/' + 'a'.repeat(32) + '.webp')).toBe('/images/3/' + 'a'.repeat(32) + '-480.webp');
    expect(IMAGE_PATH_RE.test('/images/3/' + 'a'.repeat(32) + '.webp')).toBe(true);
    expect(IMAGE_PATH_RE.test('/images/3/../4/' + 'a'.repeat(32) + '.webp')).toBe(false);
    expect(IMAGE_PATH_RE.test('https://evil.example/x.webp')).toBe(false);
  });

  it('reads info_client, or blanks for broken JSON', () => {
    expect(parseInfoClient('{"prenom":"Awa","nom":"Ndiaye","telephone":"77","adresse":"Mbour"}')).toEqual({
      prenom: 'Awa',
      nom: 'Ndiaye',
      telephone: '77',
      adresse: 'Mbour',
    });
    expect(parseInfoClient('oops')).toEqual({ prenom: '', nom: '', telephone: '', adresse: '' });
  });

  it('bounds the buyer order: a phone as people write it, quantity 1–1000 whole units', () => {
    const ok = { id_entreprise: 1, id_produit: 1, prenom: 'A', nom: 'B', telephone: '771234567', adresse: 'x', quantite: 2 };
    expect(commandeVitrineSchema.safeParse(ok).success).toBe(true);
    // how the number is written; its validity in the seller's country is the route's (tests/api/ecommerce.test.ts)
    for (const telephone of ['+221 77 123 45 67', '07.07.07.07.07', '(77) 123-45-67'])
      expect(commandeVitrineSchema.safeParse({ ...ok, telephone }).success, telephone).toBe(true);
    for (const bad of [
      { telephone: '' },
      { telephone: '77a12' },
      { telephone: '77+12' },
      { telephone: '1'.repeat(31) },
      { quantite: 0 },
      { quantite: 1001 },
      { quantite: 2.5 },
      { prenom: ' ' },
    ]) {
      expect(commandeVitrineSchema.safeParse({ ...ok, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
