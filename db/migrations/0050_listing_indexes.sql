DROP INDEX `posts_listing_idx`;--> statement-breakpoint
CREATE INDEX `posts_listing_idx` ON `posts` (`status`,`deleted_at`,`created_at`,`id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `case_studies_listing_idx` ON `case_studies` (`status`,`deleted_at`,`position`,`created_at`,`id`,`updated_at`,`featured`,`credits`,`testimonial_id`);--> statement-breakpoint
CREATE INDEX `case_studies_admin_idx` ON `case_studies` (`deleted_at`,`position`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `case_studies_category_listing_idx` ON `case_studies` (`status`,`deleted_at`,`category`,`position`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `case_study_translations_live_idx` ON `case_study_translations` (`lang`,`status`,`case_study_id`,`updated_at`);