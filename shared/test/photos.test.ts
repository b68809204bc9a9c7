import { describe, expect, it } from 'vitest';
import { photoFileNameOf, sniffPhotoType } from '../src/photos.js';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffPhotoType', () => {
  it('knows PNG, JPEG and WebP by their first bytes and nothing else', () => {
    expect(sniffPhotoType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe('image/png');
    expect(sniffPhotoType(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(sniffPhotoType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L'))).toBe('image/webp');
    expect(sniffPhotoType(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffPhotoType(bytes('GIF89a'))).toBeNull();
    expect(sniffPhotoType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffPhotoType(bytes([0x89], 'PN'))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
  });
});

describe('photoFileNameOf', () => {
  it('accepts only the URLs the API hands out', () => {
    const name = `${'ab'.repeat(16)}.jpg`;
    expect(photoFileNameOf(`/uploads/${name}`)).toBe(name);
    expect(photoFileNameOf(`/uploads/../${name}`)).toBeNull();
    expect(photoFileNameOf(`https://cdn.example/uploads/${name}`)).toBeNull();
    expect(photoFileNameOf('/images/cars/coupe-red.svg')).toBeNull();
    expect(photoFileNameOf(`/uploads/${'ab'.repeat(16)}.svg`)).toBeNull();
  });
});
