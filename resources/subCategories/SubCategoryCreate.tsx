import { useParams } from 'react-router-dom';
import { SubCategoryInputs } from './SubCategoryInputs';
import { RecordCreate } from '@/records/RecordCreate';

/** /admin-panel/sub-category/add/{categoryId} */
export function SubCategoryCreate() {
  const { categoryId } = useParams();
  return (
    <RecordCreate
      resource="subCategories"
      title="app.subCategories.add_title"
      backTo={`/category/view/${categoryId}`}
      failureMessage="app.subCategories.add_failed"
      transform={(data) => ({ ...data, categoryId })}
    >
      <SubCategoryInputs mode="create" />
    </RecordCreate>
  );
}
