/**
 * "Will it fit my ...?" (issue 35): the limits and sentences of the question and answer forms, shared by the
 * server's schemas and the web app's forms. Pure: imports nothing.
 */

export const FIT_ANSWERS = ['yes', 'no', 'unsure'] as const;
export const MAX_QUESTION_LENGTH = 2000;
export const MAX_ANSWER_LENGTH = 2000;
export const MAX_QUESTION_PHOTOS = 5;

export const FITMENT_QUESTION_MESSAGES = {
  vehicle: 'Choose one of your garage vehicles',
  question: 'Ask your question about the fit',
  questionLength: `Question must be at most ${MAX_QUESTION_LENGTH} characters`,
  photo: 'Each photo must be a Pitlane upload (JPEG or PNG)',
  tooManyPhotos: `Add at most ${MAX_QUESTION_PHOTOS} photos`,
  fits: 'Say whether it fits: yes, no or unsure',
  answer: 'Write your answer',
  answerLength: `Answer must be at most ${MAX_ANSWER_LENGTH} characters`,
} as const;
