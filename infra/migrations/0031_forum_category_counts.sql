-- The forum's tab counts, kept by a trigger in the transaction of every insert, delete, hide and show: each list page
-- reads four rows instead of counting every visible post.
create table forum_category_counts (
  category text primary key,
  posts integer not null default 0 check (posts >= 0)
);
insert into forum_category_counts (category, posts)
select c, (select count(*) from forum_posts p where p.category = c and p.hidden_at is null)
from unnest(array['general', 'technical', 'marketplace', 'reviews']) as c;

create function forum_count_posts() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.hidden_at is null then
    update forum_category_counts set posts = posts - 1 where category = old.category;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.hidden_at is null then
    update forum_category_counts set posts = posts + 1 where category = new.category;
  end if;
  return null;
end $$;

create trigger forum_posts_category_count
  after insert or delete or update of category, hidden_at on forum_posts
  for each row execute function forum_count_posts();
