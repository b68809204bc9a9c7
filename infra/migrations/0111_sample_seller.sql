-- The demo's sample cars are sold by a sample seller (an account nobody signs in to) that takes the seller's escrow
-- steps itself; only the development seed creates it.
alter table users add column is_sample_seller boolean not null default false;
