// Template steps screen (/templates/:id/steps).
export { TemplateStepsScreen } from './template-steps-screen';
