-- Placeholder (issue 36): customers.daily_spend kept from the subscriptions paid from the account.
SELECT 1;
