import { PlanInputs } from './PlanInputs';
import { RecordEdit } from '@/records/RecordEdit';

/** /admin-panel/tiffin-plan/edit/{id}: loads the plan by id, so a reload or a shared link works. */
export function PlanEdit() {
  return (
    <RecordEdit
      resource="plans"
      title="app.plans.edit_title"
      backTo="/tiffin-plans/1"
      failureMessage="app.plans.edit_failed"
    >
      <PlanInputs />
    </RecordEdit>
  );
}
