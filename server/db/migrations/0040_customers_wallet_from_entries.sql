-- The balance is the sum of the entries (issue 36), whoever writes the customers: a customer
-- inserted with a wallet (an import, a fixture) gets it as an opening entry, and the wallet is
-- changed only by the entries' trigger (account_entries_keep_balance, 0037), never directly.
CREATE FUNCTION customers_open_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET wallet = 0 WHERE id = NEW.id;
  INSERT INTO account_entries (customer_id, kind, amount, reason, at)
  VALUES (NEW.id, 'opening', (NEW.wallet * 100)::bigint, 'Balance when the customer was added',
          NEW.created_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_open_account AFTER INSERT ON customers
  FOR EACH ROW WHEN (NEW.wallet <> 0) EXECUTE FUNCTION customers_open_account();
--> statement-breakpoint
CREATE FUNCTION customers_refuse_wallet_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A balance changes only through an account entry (account/record-payment, refund or adjust).';
END $$;
--> statement-breakpoint
-- At depth 0 only: the entries' trigger (depth 1 and more) is the one writer.
CREATE TRIGGER customers_refuse_wallet_change BEFORE UPDATE OF wallet ON customers
  FOR EACH ROW WHEN (NEW.wallet IS DISTINCT FROM OLD.wallet AND pg_trigger_depth() = 0)
  EXECUTE FUNCTION customers_refuse_wallet_change();
