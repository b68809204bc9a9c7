-- A comment may reply to another comment of the same auction. The seller's reply to a question is its answer: the
-- listing pins the questions the seller answered above the other comments.
alter table comments add column reply_to integer references comments (id) on delete set null;
create index comments_reply_to on comments (reply_to) where reply_to is not null;
