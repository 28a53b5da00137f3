/** The id of every page's <main>: the target of 'Skip to content'. */
export const MAIN_CONTENT_ID = 'main-content';
