-- The checks while writing: how many problems a post had at its last save (null until checked), so the posts list filters to posts with problems by a query.
ALTER TABLE `posts` ADD `check_problems` integer;--> statement-breakpoint
CREATE INDEX `posts_check_problems_idx` ON `posts` (`check_problems`);