-- The forum for real: full-text search, one like per member, moderation (hidden, reported), cursor-friendly indexes.

-- array_to_string is only stable in general; over text[] it is immutable, which a generated column needs.
create function forum_tags_text(tags text[]) returns text language sql immutable parallel safe
  as $$ select coalesce(array_to_string(tags, ' '), '') $$;

-- Title weighs most, then tags, then the body: a title match ranks above a body match.
alter table forum_posts
  add column search tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, title), 'A')
    || setweight(to_tsvector('english'::regconfig, forum_tags_text(tags)), 'B')
    || setweight(to_tsvector('english'::regconfig, content), 'C')
  ) stored,
  -- The newest reply's time (or the post's own): trending decays from the last activity.
  add column last_activity_at timestamptz,
  add column hidden_at timestamptz,
  add column hidden_by integer references admin_users (id) on delete set null;
update forum_posts p
   set last_activity_at = greatest(p.created_at, (select max(r.created_at) from forum_replies r where r.post_id = p.id));
alter table forum_posts alter column last_activity_at set not null, alter column last_activity_at set default now();

create index forum_posts_search on forum_posts using gin (search);
-- Keyset pagination: (created_at, id) is the order of "recent", overall and per category.
drop index forum_posts_category_created;
create index forum_posts_recent on forum_posts (created_at desc, id desc);
create index forum_posts_category_recent on forum_posts (category, created_at desc, id desc);
create index forum_posts_author on forum_posts (user_id, created_at desc);

alter table forum_replies
  add column hidden_at timestamptz,
  add column hidden_by integer references admin_users (id) on delete set null;
drop index forum_replies_post;
create index forum_replies_post on forum_replies (post_id, created_at, id);

-- One like per member per post or reply: the primary key is what makes a repeated like count once.
create table forum_post_likes (
  post_id integer not null references forum_posts (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
create table forum_reply_likes (
  reply_id integer not null references forum_replies (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (reply_id, user_id)
);

create table forum_reports (
  id integer generated always as identity primary key,
  post_id integer not null references forum_posts (id) on delete cascade,
  reply_id integer references forum_replies (id) on delete cascade,
  reporter_id integer not null references users (id) on delete cascade,
  reason text not null check (char_length(reason) between 1 and 500),
  created_at timestamptz not null default now()
);
-- A member reports a post (or one reply) once.
create unique index forum_reports_once on forum_reports (reporter_id, post_id, coalesce(reply_id, 0));
create index forum_reports_recent on forum_reports (created_at desc);

create index user_follows_follower on user_follows (follower_id);
