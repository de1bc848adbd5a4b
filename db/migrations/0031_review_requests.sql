-- A contributor's request that a draft be published: set when they submit it for review, cleared
-- when an editor or the owner publishes or schedules it. The admin home lists the drafts that carry one.
ALTER TABLE `posts` ADD `review_requested_at` integer;