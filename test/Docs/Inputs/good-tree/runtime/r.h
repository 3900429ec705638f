// nothing dated here
