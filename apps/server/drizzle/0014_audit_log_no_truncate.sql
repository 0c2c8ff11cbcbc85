-- The audit trail refuses TRUNCATE as it refuses UPDATE and DELETE (issue 11 item 19):
-- a row trigger does not fire on TRUNCATE, so a statement trigger raises the same error.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
