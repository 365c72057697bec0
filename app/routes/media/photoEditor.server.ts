export { photoEditorLoader as loader } from '#server/photo/photoScreens.server';
