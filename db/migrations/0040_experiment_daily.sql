-- Experiments' figures per day and arm, counted as they arrive (decision 056): the results read these, and the visitor rows of finished days are deleted by the roll-up. The figures counted so far are carried over.
CREATE TABLE `experiment_daily` (
	`experiment_id` integer NOT NULL,
	`day` text NOT NULL,
	`arm` text NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`conversions` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`experiment_id`, `day`, `arm`),
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `experiment_daily` (`experiment_id`, `day`, `arm`, `visitors`, `conversions`)
	SELECT `experiment_id`, `day`, `arm`, count(*), sum(`converted`) FROM `experiment_visitors` GROUP BY `experiment_id`, `day`, `arm`;
