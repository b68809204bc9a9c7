// Listing a car: only photos its seller uploaded may go on it, and a VIN is listed once.
import { expect, it } from 'vitest';
import { PHOTO_TEXTS, photoUrl } from '@app/shared';
import { createCar } from '../../src/cars/cars.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { carListing, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

it("lists a car with its seller's own photos, refuses another member's photo, and a VIN already listed", async () => {
  const seller = { ...(await createUser(ctx.sql)), isPremium: false };
  const other = await createUser(ctx.sql);
  const [mine, theirs] = [`${'a'.repeat(32)}.png`, `${'b'.repeat(32)}.png`];
  await ctx.sql`
    insert into photo_uploads (file_name, owner_id, content_type, bytes)
    values (${mine}, ${seller.id}, 'image/png', 10), (${theirs}, ${other.id}, 'image/png', 10)`;
  await expect(createCar(ctx.sql, seller, carListing('WP0AA2A91MS100001', [photoUrl(theirs)]))).rejects.toMatchObject({
    status: 400,
    message: PHOTO_TEXTS.notYours,
  });
  const listed = await createCar(ctx.sql, seller, carListing('WP0AA2A91MS100001', [photoUrl(mine)]));
  expect(listed.id).toBeGreaterThan(0);
  await expect(createCar(ctx.sql, seller, carListing('WP0AA2A91MS100001', [photoUrl(mine)]))).rejects.toMatchObject({
    status: 409,
  });
});
