import type { OrderFormCatalogueQuery } from '../../gql/graphql';
import { Icon } from '../../ui/Icon';
import { ChoiceCard } from './ChoiceCard';
import { FieldProblem } from './FieldProblem';
import { LessonIcon } from './choice-icons';
import type { FormSectionProps } from './form-section-props';

type LifeLesson = OrderFormCatalogueQuery['catalogue']['lifeLessons'][number];

interface LessonChoiceProps extends FormSectionProps {
  lessons: LifeLesson[];
  /** The id of the heading that names this group. */
  labelledBy: string;
}

export function LessonChoice({ lessons, values, update, invalidFields, errorId, errorMessage, labelledBy }: LessonChoiceProps) {
  const invalid = invalidFields.includes('moral');
  return (
    <>
      <div
        className="choice-grid choice-grid--lessons"
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-invalid={invalid || undefined}
      >
        {lessons.map((lesson) => (
          <ChoiceCard
            key={lesson.value}
            name="moral"
            value={lesson.value}
            checked={values.moral === lesson.value}
            onChange={(value) => update('moral', value)}
            icon={<LessonIcon lesson={lesson.value} />}
            label={lesson.label}
            invalid={invalid}
            errorId={errorId}
          />
        ))}
      </div>
      <FieldProblem field="moral" invalidFields={invalidFields} errorMessage={errorMessage} />
      <p className="form-section__note">
        <span className="form-section__sparkle">
          <Icon name="sparkles" size={18} />
        </span>{' '}
        <span>Coming soon: More personalized life lessons</span>
      </p>
    </>
  );
}
