-- One word per concept: blog_posts → posts, work_projects → case_studies, contacts → enquiries.
-- Every row is kept: tables are renamed in place (SQLite rewrites the foreign keys that point at
-- them), indexes are dropped and made again under their new names, and the posts' search index,
-- whose content table is named in its definition, is made again and rebuilt.
DROP TRIGGER `blog_posts_search_insert`;
--> statement-breakpoint
DROP TRIGGER `blog_posts_search_delete`;
--> statement-breakpoint
DROP TRIGGER `blog_posts_search_update`;
--> statement-breakpoint
DROP TABLE `blog_posts_search`;
--> statement-breakpoint
ALTER TABLE `blog_posts` RENAME TO `posts`;
--> statement-breakpoint
DROP INDEX `blog_posts_slug_unique`;--> statement-breakpoint
DROP INDEX `blog_posts_listing_idx`;--> statement-breakpoint
DROP INDEX `blog_posts_id_state_idx`;--> statement-breakpoint
DROP INDEX `blog_posts_schedule_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `posts_slug_unique` ON `posts` (`slug`);--> statement-breakpoint
CREATE INDEX `posts_listing_idx` ON `posts` (`status`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_id_state_idx` ON `posts` (`id`,`status`,`deleted_at`);--> statement-breakpoint
CREATE INDEX `posts_schedule_idx` ON `posts` (`status`,`publish_at`);--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_search` USING fts5(title, excerpt, content='posts', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `posts_search`(`posts_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `posts_search_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_search`(rowid, title, excerpt) VALUES (new.rowid, new.title, new.excerpt);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_search`(`posts_search`, rowid, title, excerpt) VALUES ('delete', old.rowid, old.title, old.excerpt);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_update` AFTER UPDATE OF title, excerpt ON `posts` BEGIN
  INSERT INTO `posts_search`(`posts_search`, rowid, title, excerpt) VALUES ('delete', old.rowid, old.title, old.excerpt);
  INSERT INTO `posts_search`(rowid, title, excerpt) VALUES (new.rowid, new.title, new.excerpt);
END;
--> statement-breakpoint
ALTER TABLE `work_projects` RENAME TO `case_studies`;
--> statement-breakpoint
DROP INDEX `work_projects_slug_unique`;--> statement-breakpoint
DROP INDEX `work_projects_category_idx`;--> statement-breakpoint
DROP INDEX `work_projects_order_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `case_studies_slug_unique` ON `case_studies` (`slug`);--> statement-breakpoint
CREATE INDEX `case_studies_category_idx` ON `case_studies` (`category`);--> statement-breakpoint
CREATE INDEX `case_studies_order_idx` ON `case_studies` (`status`,`position`);--> statement-breakpoint
ALTER TABLE `project_slug_redirects` RENAME TO `case_study_slug_redirects`;
--> statement-breakpoint
ALTER TABLE `case_study_slug_redirects` RENAME COLUMN `project_id` TO `case_study_id`;
--> statement-breakpoint
ALTER TABLE `contacts` RENAME TO `enquiries`;
--> statement-breakpoint
DROP INDEX `contacts_created_idx`;--> statement-breakpoint
DROP INDEX `contacts_status_idx`;--> statement-breakpoint
DROP INDEX `contacts_form_token_idx`;--> statement-breakpoint
DROP INDEX `contacts_email_idx`;--> statement-breakpoint
CREATE INDEX `enquiries_created_idx` ON `enquiries` (`created_at`);--> statement-breakpoint
CREATE INDEX `enquiries_status_idx` ON `enquiries` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `enquiries_form_token_idx` ON `enquiries` (`form_token`);--> statement-breakpoint
CREATE INDEX `enquiries_email_idx` ON `enquiries` (`email`,`created_at`);--> statement-breakpoint
ALTER TABLE `contact_events` RENAME TO `enquiry_events`;
--> statement-breakpoint
ALTER TABLE `enquiry_events` RENAME COLUMN `contact_id` TO `enquiry_id`;
--> statement-breakpoint
DROP INDEX `contact_events_contact_idx`;--> statement-breakpoint
CREATE INDEX `enquiry_events_enquiry_idx` ON `enquiry_events` (`enquiry_id`,`created_at`);
