import { FieldProblem } from './FieldProblem';
import { fieldAria, type FormSectionProps } from './form-section-props';

interface ChildDetailsFieldsProps extends FormSectionProps {
  limits: { minChildAge: number; maxChildAge: number; childNameMaxLength: number; storyIdeaMaxLength: number };
}

export function ChildDetailsFields({ values, update, limits, ...aria }: ChildDetailsFieldsProps) {
  return (
    <div className="field-grid">
      <div className="field">
        <label className="field__label" htmlFor="child-name">
          Child's name
        </label>
        <input
          id="child-name"
          className="field__control"
          type="text"
          name="childName"
          // The child's name, not the parent's: the browser should not offer to fill it in.
          autoComplete="off"
          required
          maxLength={limits.childNameMaxLength}
          value={values.childName}
          onChange={(event) => update('childName', event.target.value)}
          {...fieldAria(aria, 'childName', 'child-name-hint')}
        />
        <FieldProblem field="childName" {...aria} />
        <p id="child-name-hint" className="field__hint">
          As it should appear in the story.
        </p>
      </div>
      <div className="field field--narrow">
        <label className="field__label" htmlFor="child-age">
          Age
        </label>
        <input
          id="child-age"
          className="field__control"
          type="number"
          name="childAge"
          inputMode="numeric"
          required
          min={limits.minChildAge}
          max={limits.maxChildAge}
          step={1}
          value={values.childAge}
          onChange={(event) => update('childAge', event.target.value)}
          {...fieldAria(aria, 'childAge', 'child-age-hint')}
        />
        <FieldProblem field="childAge" {...aria} />
        <p id="child-age-hint" className="field__hint">
          Ages {limits.minChildAge} to {limits.maxChildAge}.
        </p>
      </div>
      <div className="field field--full">
        <label className="field__label" htmlFor="story-idea">
          Story idea (optional)
        </label>
        <textarea
          id="story-idea"
          className="field__control field__control--textarea"
          name="storyIdea"
          rows={3}
          maxLength={limits.storyIdeaMaxLength}
          value={values.storyIdea}
          onChange={(event) => update('storyIdea', event.target.value)}
          {...fieldAria(aria, 'storyIdea', 'story-idea-hint')}
        />
        <FieldProblem field="storyIdea" {...aria} />
        <p id="story-idea-hint" className="field__hint">
          A favorite toy, a pet, a place they love, a dream they talk about: we'll weave it into the story.
        </p>
      </div>
    </div>
  );
}
