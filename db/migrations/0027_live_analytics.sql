CREATE TABLE `analytics_live` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`visitors` integer NOT NULL,
	`visits` integer NOT NULL,
	`views` integer NOT NULL,
	`sketch` blob NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `analytics_live_value_idx` ON `analytics_live` (`day`,`dimension`,`value`);--> statement-breakpoint
CREATE TABLE `vitals_live` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`page` text NOT NULL,
	`device` text NOT NULL,
	`measured` integer NOT NULL,
	`histograms` text NOT NULL,
	`causes` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vitals_live_page_idx` ON `vitals_live` (`day`,`page`,`device`);--> statement-breakpoint
-- The raw page views of days not rolled up yet become those days' live figures (visitor-sketch.ts: a
-- first byte 0, then each visitor's first 32 bits, little-endian and in order).
INSERT INTO `analytics_live` (`day`, `dimension`, `value`, `visitors`, `visits`, `views`, `sketch`)
WITH
  `unrolled` AS (
    SELECT DISTINCT `day` FROM `visits`
    WHERE `day` NOT IN (SELECT `day` FROM `analytics_daily` WHERE `dimension` = 'total')),
  `seen` AS (
    SELECT `v`.*, (SELECT count(*) FROM `page_views` `p` WHERE `p`.`visit_id` = `v`.`id`) AS `seen`
    FROM `visits` `v` WHERE `v`.`day` IN `unrolled`),
  `counted` AS (
    SELECT `day`, 'total' AS `dimension`, '' AS `value`, `visitor`, `id` AS `visit`, `seen` AS `views` FROM `seen`
    UNION ALL SELECT `day`, 'landing', `landing_page`, `visitor`, `id`, `seen` FROM `seen`
    UNION ALL SELECT `day`, 'source', `source`, `visitor`, `id`, `seen` FROM `seen`
    UNION ALL SELECT `day`, 'medium', `medium`, `visitor`, `id`, `seen` FROM `seen`
    UNION ALL SELECT `day`, 'campaign', `campaign`, `visitor`, `id`, `seen` FROM `seen` WHERE `campaign` IS NOT NULL
    UNION ALL SELECT `day`, 'referrer', `referrer`, `visitor`, `id`, `seen` FROM `seen` WHERE `referrer` IS NOT NULL
    UNION ALL SELECT `day`, 'device', `device`, `visitor`, `id`, `seen` FROM `seen`
    UNION ALL SELECT `p`.`day`, 'page', `p`.`path`, `v`.`visitor`, `p`.`visit_id`, 1
      FROM `page_views` `p` JOIN `visits` `v` ON `v`.`id` = `p`.`visit_id` WHERE `p`.`day` IN `unrolled`),
  `figures` AS (
    SELECT `day`, `dimension`, `value`, count(DISTINCT `visitor`) AS `visitors`, count(DISTINCT `visit`) AS `visits`,
      sum(`views`) AS `views`, min(`visit`) AS `first`
    FROM `counted` GROUP BY `day`, `dimension`, `value`),
  `sketches` AS (
    SELECT `day`, `dimension`, `value`, unhex('00' || group_concat(`le`, '' ORDER BY `bits`)) AS `sketch`
    FROM (
      SELECT DISTINCT `day`, `dimension`, `value`, substr(`visitor`, 1, 8) AS `bits`,
        substr(`visitor`, 7, 2) || substr(`visitor`, 5, 2) || substr(`visitor`, 3, 2) || substr(`visitor`, 1, 2) AS `le`
      FROM `counted`)
    GROUP BY `day`, `dimension`, `value`)
SELECT `f`.`day`, `f`.`dimension`, `f`.`value`, `f`.`visitors`, `f`.`visits`, `f`.`views`, `s`.`sketch`
FROM `figures` `f` JOIN `sketches` `s` USING (`day`, `dimension`, `value`)
ORDER BY `f`.`day`, `f`.`dimension`, `f`.`first`;
--> statement-breakpoint
-- The raw Web Vitals of days not rolled up yet become those days' live histograms (vitals/histogram.ts:
-- each value in the bucket of its upper bound, two significant digits; CLS in thousandths) and causes.
INSERT INTO `vitals_live` (`day`, `page`, `device`, `measured`, `histograms`, `causes`)
WITH
  `units` AS (
    SELECT `m`.`day`, `p`.`path` AS `page`, CASE WHEN `v`.`device` = 'mobile' THEN 'phone' ELSE 'desktop' END AS `device`,
      `m`.`vital`, `m`.`value`, `m`.`cause`,
      CASE WHEN `m`.`vital` = 'CLS' THEN `m`.`value` * 1000 ELSE `m`.`value` END AS `u`,
      CASE `m`.`vital` WHEN 'LCP' THEN 2500 WHEN 'INP' THEN 200 WHEN 'CLS' THEN 0.1 WHEN 'FCP' THEN 1800 ELSE 800 END AS `good`
    FROM `page_vitals` `m` JOIN `page_views` `p` ON `p`.`id` = `m`.`page_view_id` JOIN `visits` `v` ON `v`.`id` = `p`.`visit_id`
    WHERE `m`.`day` NOT IN (SELECT `day` FROM `vitals_daily`)),
  `bounds` AS (
    SELECT *, CASE WHEN `u` <= 100 THEN ceil(`u`)
      ELSE ceil(`u` / pow(10, floor(log10(`u`)) - 1)) * pow(10, floor(log10(`u`)) - 1) END AS `bound`
    FROM `units`),
  `buckets` AS (
    SELECT *, min(460, CASE WHEN `bound` <= 100 THEN `bound`
      ELSE round(100 + 90 * (ceil(log10(`bound`)) - 3) + (`bound` - pow(10, ceil(log10(`bound`)) - 1)) / pow(10, ceil(log10(`bound`)) - 2)) END) AS `n`
    FROM `bounds`),
  `each` AS (
    SELECT `day`, `page`, `device`, `vital`, `n`, `value`, `cause`, `good` FROM `buckets`
    UNION ALL SELECT `day`, '*', `device`, `vital`, `n`, `value`, `cause`, `good` FROM `buckets`),
  `histograms` AS (
    SELECT `day`, `page`, `device`, sum(`total`) AS `measured`,
      json_group_object(`vital`, json('[' || `pairs` || ']')) AS `histograms`
    FROM (
      SELECT `day`, `page`, `device`, `vital`, sum(`times`) AS `total`, group_concat(`n` || ',' || `times`, ',' ORDER BY `n`) AS `pairs`
      FROM (SELECT `day`, `page`, `device`, `vital`, cast(`n` AS integer) AS `n`, count(*) AS `times` FROM `each` GROUP BY 1, 2, 3, 4, 5)
      GROUP BY 1, 2, 3, 4)
    GROUP BY 1, 2, 3),
  `causes` AS (
    SELECT `day`, `page`, `device`, json_group_object(`vital`, json(`list`)) AS `causes`
    FROM (
      SELECT `day`, `page`, `device`, `vital`, json_group_array(json_array(`cause`, `times`) ORDER BY `times` DESC, `cause`) AS `list`
      FROM (
        SELECT `day`, `page`, `device`, `vital`, `cause`, count(*) AS `times`,
          row_number() OVER (PARTITION BY `day`, `page`, `device`, `vital` ORDER BY count(*) DESC, `cause`) AS `rank`
        FROM `each` WHERE `cause` IS NOT NULL AND `value` > `good` GROUP BY 1, 2, 3, 4, 5)
      WHERE `rank` <= 20 GROUP BY 1, 2, 3, 4)
    GROUP BY 1, 2, 3)
SELECT `h`.`day`, `h`.`page`, `h`.`device`, `h`.`measured`, `h`.`histograms`, coalesce(`c`.`causes`, '{}')
FROM `histograms` `h` LEFT JOIN `causes` `c` USING (`day`, `page`, `device`);
