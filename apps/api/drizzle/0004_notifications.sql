-- Notifications (spec 1, section 3): one row per recipient. notification_id is the UUID used in paths.

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  notification_id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- A notification is private to its user: deleting the user deletes their notifications
  -- (otherwise every user would be undeletable once they had received one).
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  message text NOT NULL,
  notification_type text NOT NULL CHECK (notification_type IN
    ('assignment_notification','status_update','completion_notification','deadline_reminder','system_alert')),
  is_read boolean NOT NULL DEFAULT false,
  read_at timestamptz,
  -- The case number and document id the notification is about. No foreign key: a notification is a
  -- record of what was said, and stays when a draft document is deleted.
  case_id text,
  document_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  notification_created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX notifications_notification_id_unique ON notifications (notification_id);
-- The list (newest first) and the stats are always per user.
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE NOT is_read;
